import { LoaderCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { DEFAULT_SIGNED_IN_PATH, redirectParam } from '../../../lib/redirect';
import { signOut } from '../sign-out';

export default function SignOutPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const started = useRef(false);

  useEffect(() => {
    // Once per visit, even when React runs effects twice in development.
    if (started.current) return;
    started.current = true;
    void signOut(redirectParam(search) ?? DEFAULT_SIGNED_IN_PATH);
  }, [search]);

  return (
    <div className="flex flex-1 items-center justify-center gap-2 py-24 text-muted">
      <LoaderCircle size={16} className="animate-spin" aria-hidden />
      <span>{t('sign_out.progress')}</span>
    </div>
  );
}
