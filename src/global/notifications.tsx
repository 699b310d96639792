// Notifications at the top right that last one second (spec 01 §2, §9).
import { Intent, OverlayToaster, Position, type Toaster } from '@blueprintjs/core';

export const NOTIFICATION_DURATION_MS = 1000;

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
    timeout: NOTIFICATION_DURATION_MS,
    message: (
      <span className="notification">
        <strong className="notification-title">{title}</strong>
        <span>{message}</span>
      </span>
    ),
  });
}
