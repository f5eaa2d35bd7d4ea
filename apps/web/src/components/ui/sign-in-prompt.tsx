import { clsx } from 'clsx';
import { requireLogin } from '../../stores/login-prompt-store';

/** Where a page needs an account: what signing in gives the visitor, and the button that asks them to. */
export function SignInPrompt({ prompt, action, className }: { prompt: string; action: string; className?: string }) {
  return (
    <section className={clsx('flex flex-wrap items-center gap-3', className)}>
      <p className="text-muted">{prompt}</p>
      <button type="button" className="button-primary" onClick={() => void requireLogin()}>
        {action}
      </button>
    </section>
  );
}
