import styles from './charts.module.css';

/** What a bar or slice says when pointed at: its label and count. */
export function ChartTooltip({ label, count }: { label: string; count: number }) {
  return (
    <div className={styles.tooltip}>
      <strong>{label}</strong>: {count.toLocaleString('es')}
    </div>
  );
}
