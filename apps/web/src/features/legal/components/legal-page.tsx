import { useLocation } from 'react-router';
import { LegalDocument } from './legal-document';

/**
 * /terms and /disclaimer (the terms of service and disclaimer) and /policy (the privacy policy): one page, so that
 * the first page's code names one chunk for the three routes.
 */
export default function LegalPage() {
  const { pathname } = useLocation();
  return <LegalDocument doc={pathname.toLowerCase() === '/policy' ? 'policy' : 'terms'} />;
}
