// Notifications at the top right (spec 01 §2, §9): a success lasts the spec's one second; an error
// stays long enough to be read (and while the pointer rests on it), and can be closed.
import { Intent, OverlayToaster, Position, type Toaster } from '@blueprintjs/core';

export const NOTIFICATION_DURATION_MS = 1000;
/** An error's time on screen: a sentence or two, read at a calm pace. */
export const ERROR_NOTIFICATION_DURATION_MS = 8000;

/** How long a notification of `intent` stays. */
export const notificationDuration = (intent: Notification['intent']) => (intent === 'danger' ? ERROR_NOTIFICATION_DURATION_MS : NOTIFICATION_DURATION_MS);

export interface Notification {
  title: string;
  message: string;
  intent: 'success' | 'danger' | 'primary';
}

let toaster: Promise<Toaster> | undefined;

export async function notify({ title, message, intent }: Notification) {
  toaster ??= OverlayToaster.createAsync({ position: Position.TOP_RIGHT, maxToasts: 3 });
  (await toaster).show({
    intent: intent === 'success' ? Intent.SUCCESS : intent === 'danger' ? Intent.DANGER : Intent.PRIMARY,
    timeout: notificationDuration(intent),
    message: (
      <span className="notification">
        <strong className="notification-title">{title}</strong>
        <span>{message}</span>
      </span>
    ),
  });
}
