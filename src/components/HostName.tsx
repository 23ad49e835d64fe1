import type { ReactNode } from 'react';

/**
 * A host name that wraps only after its dots: each label stays whole, hyphens included,
 * unless a single label is wider than the space there is. Always left to right, also in a
 * right-to-left page.
 */
export function HostName({ host }: { host: string }): ReactNode {
  const labels = host.split('.');
  return (
    <span className="vsk-delegation-picker__host" dir="ltr">
      {labels.map((label, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a host's labels repeat and never move.
        <span key={index} className="vsk-delegation-picker__host-label">
          {index < labels.length - 1 ? `${label}.` : label}
        </span>
      ))}
    </span>
  );
}
