/** A page block's button as the published page draws it (Product, Payment): shown, not followed. */
export function PageButton({ label, color }: { label: string; color: string }) {
  return (
    <span
      style={{
        display: 'inline-block',
        background: color,
        color: '#fff',
        padding: '10px 18px',
        borderRadius: 6,
      }}
    >
      {label}
    </span>
  );
}
