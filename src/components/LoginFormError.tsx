'use client';
import { classes, type LoginFormPartProps, partContent, useLoginFormPart } from './LoginFormRoot';

/**
 * The error region: a focusable `role="alert"` that the field in error points to with
 * `aria-describedby`, and the way forward it offers ("Try again", the link to change an
 * expired password). During a rate limit the message is announced once while its visible
 * copy counts down, and a polite region says the time left now and then. `children`
 * replace the message.
 *
 * @example
 * ```tsx
 * <LoginForm.Error className="callout" />
 * ```
 */
export function LoginFormError({ children, className }: LoginFormPartProps) {
  const form = useLoginFormPart();
  const { messages: t, error, countdown, step } = form;
  if (step === 'signed-in' || step === 'sso-callback') return null;
  const secondsLeft = countdown?.secondsLeft ?? 0;
  return (
    <>
      <div {...form.getErrorProps()} className={classes('vsk-login__error', className)}>
        {partContent(
          children,
          form,
          // A rate limit is one message whose seconds count down, never a fixed figure beside
          // a second, live one.
          error?.action === 'wait' && countdown ? (
            secondsLeft > 0 ? (
              <>
                {/* Said once when shown; the visible copy counts down without re-announcing. */}
                <span className="vsk-visually-hidden">{error.message}</span>
                <span aria-hidden="true">{t.rateLimited({ seconds: secondsLeft })}</span>
              </>
            ) : (
              t.retryReady
            )
          ) : (
            error?.message
          ),
        )}
      </div>
      {error?.action === 'retry' && step !== 'sso' ? (
        <button
          {...form.getRetryProps()}
          className="vsk-button vsk-login__retry"
          data-variant="secondary"
        >
          {t.tryAgain}
        </button>
      ) : null}
      {error?.action === 'change-password' && form.passwordChangeUrl ? (
        <a className="vsk-login__link" href={form.passwordChangeUrl}>
          {t.changePassword}
        </a>
      ) : null}
      <p className="vsk-visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {countdown && secondsLeft > 0
          ? t.retryCountdown({ seconds: announcedSeconds(secondsLeft, countdown.totalSeconds) })
          : ''}
      </p>
    </>
  );
}

/**
 * The value the polite live region carries while a countdown runs: the start, every half
 * minute, the last ten seconds, and the end. A region that changed every second would talk
 * over everything else a screen reader has to say.
 */
function announcedSeconds(secondsLeft: number, total: number): number {
  return Math.min(total, secondsLeft <= 10 ? 10 : Math.ceil(secondsLeft / 30) * 30);
}
