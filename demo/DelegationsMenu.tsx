import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { DelegationPicker, useDelegations } from '../src/index';
import { useDemoLanguage } from './DemoLanguageProvider';
import { DEMO_PEOPLE } from './demoAccounts';

/**
 * "Delegations" in the header: a disclosure button that opens the `DelegationPicker` in a
 * panel below it. The panel follows the button in the page, so Tab goes from one into the
 * other; Escape or a click elsewhere closes it, and starting to act for someone closes it
 * once the acting-as banner has taken focus.
 *
 * @example
 * ```tsx
 * <header>
 *   <DelegationsMenu />
 * </header>
 * ```
 */
export function DelegationsMenu(): ReactNode {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { data: delegations } = useDelegations();
  const count = delegations?.length;
  const t = useDemoLanguage().language.demo.header;

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) close(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const inside = event.target instanceof Node && rootRef.current?.contains(event.target);
      if (event.key === 'Escape' && inside && !event.defaultPrevented) {
        event.preventDefault();
        close(true);
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, close]);
  const onStarted = useCallback(() => close(false), [close]);

  return (
    <div ref={rootRef} className="demo-delegations">
      <button
        ref={buttonRef}
        type="button"
        className="demo-button demo-button--quiet demo-delegations__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <span>{t.delegations}</span>
        {count !== undefined && count > 0 ? (
          <span className="demo-count">
            <span aria-hidden="true">{count}</span>
            <span className="vsk-visually-hidden">{` (${t.delegationsAvailable(count)})`}</span>
          </span>
        ) : null}
        <svg className="demo-chevron" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <path d="M4 6l4 4 4-4" />
        </svg>
      </button>
      <div id={panelId} className="demo-delegations__panel" hidden={!open}>
        {open ? (
          <DelegationPicker headingLevel={2} delegatorNames={DEMO_PEOPLE} onStarted={onStarted} />
        ) : null}
      </div>
    </div>
  );
}
