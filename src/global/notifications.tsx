// Notifications at the top right (spec 01 §2, §9): a success lasts the spec's one second; an error
// stays long enough to be read (and while the pointer rests on it), and can be closed.
import { Intent, OverlayToaster, Position, type ActionProps, type Toaster } from '@blueprintjs/core';
import { Cross } from '@blueprintjs/icons';

export const NOTIFICATION_DURATION_MS = 1000;
/** An error's time on screen: a sentence or two, read at a calm pace. */
export const ERROR_NOTIFICATION_DURATION_MS = 8000;

/** How long a notification of `intent` stays. */
export const notificationDuration = (intent: Notification['intent']) => (intent === 'danger' ? ERROR_NOTIFICATION_DURATION_MS : NOTIFICATION_DURATION_MS);

export interface Notification {
  title: string;
  message: string;
  intent: 'success' | 'danger' | 'primary';
  /** What it is about ('save'): an error on screen goes when a success of the same topic follows (a save retried and stored). */
  topic?: string;
}

let toaster: Promise<Toaster> | undefined;
/** The errors on screen by their topic: a success of that topic (a save retried) says what they said is over. */
const errorsShown = new Map<string, string>();

/**
 * Shows a notification. The toaster Blueprint makes sits in its own element of the page, placed
 * against the page's top (styles.css `.app-notifications` holds it to the screen's, so a save
 * failed at a long tab's foot is seen). Its own close button is named 'Close': this one is the same
 * cross, named in Spanish.
 */
export async function notify({ title, message, intent, topic }: Notification) {
  toaster ??= OverlayToaster.create({ position: Position.TOP_RIGHT, maxToasts: 3, className: 'app-notifications' });
  const shown = await toaster;
  if (intent === 'success' && topic !== undefined) {
    for (const [key, about] of errorsShown) if (about === topic) shown.dismiss(key);
  }
  const key: string = shown.show({
    intent: intent === 'success' ? Intent.SUCCESS : intent === 'danger' ? Intent.DANGER : Intent.PRIMARY,
    timeout: notificationDuration(intent),
    isCloseButtonShown: false,
    action: { icon: <Cross />, 'aria-label': 'Cerrar aviso' } as ActionProps,
    onDismiss: () => errorsShown.delete(key),
    message: (
      <span className="notification">
        <strong className="notification-title">{title}</strong>
        <span>{message}</span>
      </span>
    ),
  });
  if (intent === 'danger' && topic !== undefined) errorsShown.set(key, topic);
}
