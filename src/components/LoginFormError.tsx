'use client';
import { classes, type LoginFormPartProps, partContent, useLoginFormPart } from './LoginFormRoot';

/**
 * The error region: a focusable `role="alert"` that the field in error points to with
 * `aria-describedby`, and the way forward it offers ("Try again", the link to change an
 * expired password, the app's password-reset page). During a rate limit the visible copy counts down every second while
 * a screen reader hears one number: the alert's spoken copy, said when shown and again
 * every half minute and for the last ten seconds. `children` replace the message.
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
          // A rate limit is one message whose seconds count down, with one number for a
          // screen reader: the alert's spoken copy, which changes (and is said again) only
          // at a few points, while the visible copy ticks every second out of its reach.
          error?.action === 'wait' && countdown ? (
            secondsLeft > 0 ? (
              <>
                <span className="vsk-visually-hidden">
                  {spokenWait(error.message, secondsLeft, countdown.totalSeconds, t)}
                </span>
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
      {error?.action === 'reset-password' && form.passwordResetUrl ? (
        <a className="vsk-login__link" href={form.passwordResetUrl}>
          {t.resetPassword}
        </a>
      ) : null}
    </>
  );
}

/**
 * What the alert says during a rate limit: the service's wait as first shown, then the time
 * left every half minute and for the last ten seconds. An alert that changed every second
 * would talk over everything else a screen reader has to say.
 */
function spokenWait(
  first: string,
  secondsLeft: number,
  total: number,
  t: { retryCountdown: (values: { seconds: number }) => string },
): string {
  const seconds = Math.min(total, secondsLeft <= 10 ? 10 : Math.ceil(secondsLeft / 30) * 30);
  return seconds === total ? first : t.retryCountdown({ seconds });
}
