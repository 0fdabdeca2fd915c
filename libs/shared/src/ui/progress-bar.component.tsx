import { useId } from 'react';
import styles from './progress-bar.module.css';

interface Props {
  /** 0–100. */
  percent: number;
  /** What is progressing, with the amount ('Subiendo archivo: 40 %'). */
  label: string;
}

/** A labelled progress bar (the native element, so assistive technology reads its value). */
export function ProgressBar({ percent, label }: Props) {
  const id = useId();
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div className={styles.wrapper}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <progress id={id} className={styles.bar} max={100} value={value}>
        {value} %
      </progress>
    </div>
  );
}
