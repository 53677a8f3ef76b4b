import { useIntl } from 'react-intl';
import { LoadingBarActor } from '../../app/actors.ts';
import { LoadingBar } from '../../components/LoadingBar.tsx';
import { commonMessages } from '../../i18n/common.messages.ts';
import { LOADING_BAR } from '../../machines/loadingBar/loadingBar.machine.ts';
import { selectAnimated, selectProgress, selectVisible } from '../../machines/loadingBar/loadingBar.selectors.ts';

export function LoadingBarView() {
  const intl = useIntl();
  const progress = LoadingBarActor.useSelector(selectProgress);
  const visible = LoadingBarActor.useSelector(selectVisible);
  const animated = LoadingBarActor.useSelector(selectAnimated);
  return (
    <LoadingBar
      progress={progress}
      visible={visible}
      animated={animated}
      height={LOADING_BAR.heightPx}
      label={intl.formatMessage(commonMessages.loadingBar)}
    />
  );
}
