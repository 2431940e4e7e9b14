// Draws the toast store with Radix Toast: 5000 ms on screen, swipe right past 50 px to dismiss, F8 moves
// focus to the notification region, each toast announced politely (destructive ones assertively). The
// words are the app's own (English in the visitor's app, Romanian in the dashboard): passed in.
import * as Toast from '@radix-ui/react-toast';
import { dismissToast, TOAST_DURATION_MS, TOAST_HOTKEY, TOAST_SWIPE_THRESHOLD_PX, useToasts } from './toast';

export interface ToasterTexts {
  /** The close button's accessible name. */
  close: string;
  /** The notification region's name (Radix's own "Notifications ({hotkey})" when absent). */
  region?: string;
  /** Announced before each toast (Radix's own "Notification" when absent). */
  label?: string;
}

export function Toaster({ texts }: { texts: ToasterTexts }) {
  const toasts = useToasts();
  return (
    <Toast.Provider
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      duration={TOAST_DURATION_MS}
      {...(texts.label ? { label: texts.label } : {})}
    >
      {toasts.map((item) => (
        <Toast.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
          duration={item.duration ?? TOAST_DURATION_MS}
          type={item.variant === 'destructive' ? 'foreground' : 'background'}
          data-variant={item.variant}
          className={`toast toast--${item.variant}`}
        >
          <div className="toast__text">
            <Toast.Title className="toast__title">{item.title}</Toast.Title>
            {item.description ? (
              <Toast.Description className="toast__description">{item.description}</Toast.Description>
            ) : null}
          </div>
          {item.action ? (
            <Toast.Action
              altText={item.action.altText}
              className="button button--small"
              onClick={item.action.onClick}
            >
              {item.action.label}
            </Toast.Action>
          ) : null}
          <Toast.Close className="toast__close" aria-label={texts.close}>
            <span aria-hidden="true">×</span>
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        className="toast-viewport"
        hotkey={TOAST_HOTKEY}
        {...(texts.region ? { label: texts.region } : {})}
      />
    </Toast.Provider>
  );
}
