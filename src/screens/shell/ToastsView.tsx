import { useHotkeys } from '@mantine/hooks';
import { useIntl, type IntlShape } from 'react-intl';
import { ToastsActor } from '../../app/actors.ts';
import { ToastStack, type ToastView } from '../../components/ToastStack.tsx';
import { commonMessages } from '../../i18n/common.messages.ts';
import { httpErrorToast } from '../../i18n/errors.messages.ts';
import { notificationMessage } from '../../i18n/notifications.messages.ts';
import { TOASTS, type Toast, type ToastLevel } from '../../machines/toasts/toasts.machine.ts';
import { selectToasts } from '../../machines/toasts/toasts.selectors.ts';

const COLORS: Record<ToastLevel, string> = { info: 'blue', success: 'teal', warning: 'yellow', error: 'red' };

function view(intl: IntlShape, toast: Toast): ToastView {
  const repeat = {
    count: toast.count,
    repeatLabel: intl.formatMessage(commonMessages.toastRepeatLabel, { count: toast.count }),
    repeatText: intl.formatMessage(commonMessages.toastRepeat, { count: toast.count }),
  };
  const { message } = toast;
  if (message.kind === 'http' || message.kind === 'timeout') {
    const { title, text } = httpErrorToast(message.kind === 'timeout' ? 408 : message.status);
    return {
      id: toast.id,
      title: title ? intl.formatMessage(title) : null,
      text: intl.formatMessage(text),
      color: 'red',
      urgent: true,
      ...repeat,
    };
  }
  const text = intl.formatMessage(
    notificationMessage(message.code),
    message.kind === 'notification' ? message.values : {},
  );
  return {
    id: toast.id,
    title: null,
    text,
    color: COLORS[message.level],
    urgent: message.level === 'error',
    ...repeat,
  };
}

/** Toasts from the toasts machine; Escape closes the latest. */
export function ToastsView() {
  const intl = useIntl();
  const toasts = ToastsActor.useSelector(selectToasts);
  const actor = ToastsActor.useActorRef();
  useHotkeys([['Escape', () => actor.send({ type: 'toast.dismissLatest' })]], []);
  return (
    <ToastStack
      toasts={toasts.map((t) => view(intl, t))}
      offset={TOASTS.offsetPx}
      label={intl.formatMessage(commonMessages.toastsRegion)}
      closeLabel={intl.formatMessage(commonMessages.close)}
      onClose={(id) => actor.send({ type: 'toast.dismiss', id })}
    />
  );
}
