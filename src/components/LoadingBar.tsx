export interface LoadingBarProps {
  progress: number;
  visible: boolean;
  animated: boolean;
  height: number;
  label: string;
}

/** The thin progress bar at the top of the page. */
export function LoadingBar({ progress, visible, animated, height, label }: LoadingBarProps) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(progress)}
      aria-hidden={!visible}
      data-visible={visible}
      style={{
        position: 'fixed',
        insetInline: 0,
        top: 0,
        height,
        zIndex: 1000,
        pointerEvents: 'none',
        opacity: visible ? 1 : 0,
        transition: animated ? 'opacity 300ms ease' : 'none',
      }}
    >
      <div
        style={{
          height: '100%',
          width: `${progress}%`,
          background: 'var(--mantine-primary-color-filled)',
          boxShadow: '0 0 8px var(--mantine-primary-color-filled)',
          transition: animated ? 'width 200ms linear' : 'none',
        }}
      />
    </div>
  );
}
