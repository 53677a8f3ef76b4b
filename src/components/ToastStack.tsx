import { Badge, Notification, Stack } from '@mantine/core';

export interface ToastView {
  id: string;
  title: string | null;
  text: string;
  color: string;
  count: number;
  repeatLabel: string;
  repeatText: string;
  urgent: boolean;
}

export interface ToastStackProps {
  toasts: ToastView[];
  offset: number;
  label: string;
  closeLabel: string;
  onClose: (id: string) => void;
}

/** Toasts in the top-right corner; identical messages show a repeat counter. */
export function ToastStack({ toasts, offset, label, closeLabel, onClose }: ToastStackProps) {
  return (
    <section
      aria-label={label}
      style={{ position: 'fixed', top: offset, right: offset, zIndex: 1100, width: 'min(420px, calc(100vw - 32px))' }}
    >
      <Stack gap="xs" role="log" aria-live="polite">
        {toasts.map((toast) => (
          <Notification
            key={toast.id}
            data-testid="toast"
            data-count={toast.count}
            role={toast.urgent ? 'alert' : 'status'}
            color={toast.color}
            withBorder
            title={
              toast.title || toast.count > 1 ? (
                <>
                  {toast.title}
                  {toast.count > 1 ? (
                    <Badge ml="xs" size="sm" variant="light" color={toast.color} aria-label={toast.repeatLabel}>
                      {toast.repeatText}
                    </Badge>
                  ) : null}
                </>
              ) : undefined
            }
            closeButtonProps={{ 'aria-label': closeLabel }}
            onClose={() => onClose(toast.id)}
          >
            {toast.text}
          </Notification>
        ))}
      </Stack>
    </section>
  );
}
