import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';
import { appConfigQueryOptions } from '../../lib/api/app-config';
import { lazyComponent } from '../../lib/lazy-component';
import { seen } from './seen';

const WhatsNewModal = lazyComponent(() => import('./whats-new-modal').then((module) => module.WhatsNewModal));

/**
 * What's New, once per build, mounted once by the app's layout: with the app config's version, unless this browser
 * has seen that build's notes, it asks for them (no toast, no report on failure); only notes with items load the
 * modal and its words.
 */
export function WhatsNew() {
  const version = useQuery(appConfigQueryOptions).data?.version;
  const { data } = useQuery({
    queryKey: ['whats-new', version],
    queryFn: () => apiClient.call('whatsNew', { background: true }),
    enabled: typeof version === 'string' && !seen(version),
    staleTime: Number.POSITIVE_INFINITY,
  });
  // Read defensively: an answer that is not the notes shows nothing rather than breaking the shell.
  if (!data?.items?.length || seen(data.code)) return null;
  return <WhatsNewModal notes={data} />;
}
