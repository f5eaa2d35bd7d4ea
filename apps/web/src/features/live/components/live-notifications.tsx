import { useLiveNotifications } from '../use-live-notifications';
import { NotificationArea } from './notification-area';

/** The live channel while signed in, and the area its events show in. */
export function LiveNotifications() {
  useLiveNotifications();
  return <NotificationArea />;
}
