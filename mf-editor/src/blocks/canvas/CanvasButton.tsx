import type { DesignGlobal } from '@app/contract/editor/design';

/** A button as the mail draws it (the canvas is not clickable: the link is shown, not followed). */
export function CanvasButton({
  label,
  color,
  textColor,
  radius = 4,
  fullWidth = false,
  global,
}: {
  label: string;
  color: string;
  textColor: string;
  radius?: number;
  fullWidth?: boolean;
  global: DesignGlobal;
}) {
  return (
    <span
      style={{
        display: fullWidth ? 'block' : 'inline-block',
        padding: '12px 24px',
        background: color,
        color: textColor,
        borderRadius: radius,
        fontFamily: global.fontFamily,
        fontSize: 16,
        fontWeight: 600,
        textAlign: 'center',
        textDecoration: 'none',
      }}
    >
      {label || 'Button'}
    </span>
  );
}
