import { useEffect } from 'react';
import { useSession } from '../../stores/session-store';
import { gasSync } from './gas-sync';

/** Reads the server's presets once per signed-in wallet, while the bottom bar shows. */
export function useGasSync(): void {
  const token = useSession((state) => state.token);
  useEffect(() => {
    // A failed read leaves the local presets in use; the API client reports it.
    if (token) void gasSync.pull(token).catch(() => undefined);
  }, [token]);
}
