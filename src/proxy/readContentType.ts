import { createMemo } from './createMemo';

/**
 * A `Content-Type` label as the proxy's rules judge it: its essence (`type/subtype`) and the
 * character set it names, both in lower case.
 */
export interface ContentType {
  readonly essence: string;
  readonly charset: string | undefined;
}

/**
 * Reads a `Content-Type` label (an absent one reads as the empty essence). A vault labels its
 * answers with a handful of types, so each label is read once.
 */
export function readContentType(label: string | null | undefined): ContentType {
  const text = label ?? '';
  return readings(text, () => {
    const semicolon = text.indexOf(';');
    const essence = (semicolon === -1 ? text : text.slice(0, semicolon)).trim().toLowerCase();
    // A label names at most one character set; a second is not read.
    const charset = /;\s*charset\s*=\s*"?([^";\s]*)/i.exec(text)?.[1]?.toLowerCase();
    return Object.freeze({ essence, charset });
  });
}

// Bounded: an upstream that labels every answer differently cannot grow it.
const readings = createMemo<ContentType>(64);
