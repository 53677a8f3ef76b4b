import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { Field, Period, ScheduleError } from '../../../shared/cron';
import { scheduleEditorMachine } from '../../machines/scheduleEditor/scheduleEditor.machine';
import {
  selectError,
  selectPattern,
  selectPeriod,
  selectSelections,
} from '../../machines/scheduleEditor/scheduleEditor.selectors';
import { ScheduleEditor } from '../../components/ScheduleEditor/ScheduleEditor';

export interface ScheduleEditorFieldProps {
  /** The pattern to start from; blank or absent starts cleared at '* * * * *'. Remount (`key`) to load another. */
  defaultValue?: string;
  /** Defaults to year. */
  defaultPeriod?: Period;
  timeZone: string;
  locale?: string;
  /** Every successful change: the rebuilt pattern. */
  onChange?: (pattern: string) => void;
  /** Every rejected change: 'invalid pattern' or 'invalid selection'. A bad `defaultValue` is shown, not reported. */
  onError?: (error: ScheduleError) => void;
}

/**
 * Hosts the schedule editor machine and renders the presentational `ScheduleEditor`; reports the machine's emitted
 * outcomes. Lives with the screens because components take their data and callbacks from props only.
 */
export function ScheduleEditorField({
  defaultValue,
  defaultPeriod,
  timeZone,
  locale,
  onChange,
  onError,
}: ScheduleEditorFieldProps) {
  const actorRef = useActorRef(scheduleEditorMachine, { input: { pattern: defaultValue, period: defaultPeriod } });
  const pattern = useSelector(actorRef, selectPattern);
  const period = useSelector(actorRef, selectPeriod);
  const selections = useSelector(actorRef, selectSelections);
  const error = useSelector(actorRef, selectError);

  useEffect(() => {
    const changed = actorRef.on('pattern.changed', (event) => onChange?.(event.pattern));
    const rejected = actorRef.on('pattern.rejected', (event) => onError?.(event.error));
    return () => {
      changed.unsubscribe();
      rejected.unsubscribe();
    };
  }, [actorRef, onChange, onError]);

  return (
    <ScheduleEditor
      period={period}
      pattern={pattern}
      selections={selections}
      error={error}
      timeZone={timeZone}
      locale={locale}
      onPeriodChange={(next: Period) => actorRef.send({ type: 'period.changed', period: next })}
      onValuesChange={(field: Field, values: number[]) => actorRef.send({ type: 'values.changed', field, values })}
      onClear={() => actorRef.send({ type: 'pattern.cleared' })}
    />
  );
}
