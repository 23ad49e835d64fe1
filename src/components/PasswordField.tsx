'use client';
import { type ReactNode, type Ref, useId, useState } from 'react';

/**
 * Props of {@link PasswordField}.
 *
 * @example
 * ```tsx
 * const props: PasswordFieldProps = {
 *   label: 'Password',
 *   showPasswordLabel: 'Show password',
 *   hidePasswordLabel: 'Hide password',
 * };
 * ```
 */
export interface PasswordFieldProps {
  label: ReactNode;
  /** Name of the toggle while the password is hidden: what pressing it does. */
  showPasswordLabel: string;
  /** Name of the toggle while the password is shown. */
  hidePasswordLabel: string;
  /** The input itself, for reading, clearing and focusing it. */
  inputRef?: Ref<HTMLInputElement> | undefined;
  id?: string | undefined;
  name?: string | undefined;
  /** Default `current-password` (sign-in); `new-password` for a form that sets one. */
  autoComplete?: 'current-password' | 'new-password' | undefined;
  /** Ids of the elements that describe the field, e.g. its error message. */
  describedBy?: string | undefined;
  invalid?: boolean | undefined;
  required?: boolean | undefined;
  /** Added to the field's classes. */
  className?: string | undefined;
}

/**
 * A password input with a show/hide toggle inside it (PWD-03): an icon button at the end of
 * the field whose name says what it will do, "Show password" or "Hide password". The value stays in the input alone:
 * the field is uncontrolled, so the password never enters React state, and the form reads
 * it from the input when it submits. Nothing here limits, trims or rewrites what is typed
 * or pasted (PWD-02, PWD-04): no `maxLength`, no paste handler, no pattern.
 *
 * @example
 * In a form of the app's own, which reads the password from the input when it submits:
 * ```tsx
 * import { useRef } from 'react';
 *
 * function NewPasswordForm({ onSave }: { onSave: (password: string) => void }) {
 *   const input = useRef<HTMLInputElement>(null);
 *   return (
 *     <form onSubmit={(event) => { event.preventDefault(); onSave(input.current?.value ?? ''); }}>
 *       <PasswordField
 *         label="New password"
 *         showPasswordLabel="Show password"
 *         hidePasswordLabel="Hide password"
 *         autoComplete="new-password"
 *         inputRef={input}
 *       />
 *       <button type="submit">Save</button>
 *     </form>
 *   );
 * }
 * ```
 */
export function PasswordField({
  label,
  showPasswordLabel,
  hidePasswordLabel,
  inputRef,
  id,
  name = 'password',
  autoComplete = 'current-password',
  describedBy,
  invalid = false,
  required = true,
  className,
}: PasswordFieldProps) {
  const generatedId = useId();
  const inputId = id ?? `${generatedId}-password`;
  const [shown, setShown] = useState(false);
  return (
    <div className={`vsk-login__field vsk-password-field${className ? ` ${className}` : ''}`}>
      <label className="vsk-login__label" htmlFor={inputId}>
        {label}
      </label>
      <div className="vsk-password-field__control">
        <input
          ref={inputRef}
          id={inputId}
          className="vsk-login__input vsk-password-field__input"
          name={name}
          type={shown ? 'text' : 'password'}
          autoComplete={autoComplete}
          // A revealed password is plain text: keep it away from spell-check services and
          // from auto-correction, which would change what is sent.
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          dir="auto"
          required={required}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy || undefined}
        />
        {/* The name changes with the state instead of a pressed state beside a fixed name:
            "Hide password" says both what is true now and what the button does. */}
        <button
          type="button"
          className="vsk-password-field__toggle"
          aria-controls={inputId}
          onClick={() => setShown((value) => !value)}
        >
          <EyeIcon crossed={shown} />
          <span className="vsk-visually-hidden">
            {shown ? hidePasswordLabel : showPasswordLabel}
          </span>
        </button>
      </div>
    </div>
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg
      className="vsk-password-field__icon"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d="M1.5 12S5.5 4.5 12 4.5 22.5 12 22.5 12 18.5 19.5 12 19.5 1.5 12 1.5 12Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <circle cx="12" cy="12" r="3.5" fill="none" stroke="currentColor" strokeWidth="2" />
      {crossed ? (
        <path d="M3 3l18 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      ) : null}
    </svg>
  );
}
