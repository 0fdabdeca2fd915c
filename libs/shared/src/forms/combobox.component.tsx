import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import fieldStyles from './form-field.module.css';
import styles from './combobox.module.css';

export interface ComboboxOption {
  value: string;
  label: string;
  /** A second, quieter line that tells two alike apart (an e-mail). */
  description?: string;
}

interface Props {
  label: ReactNode;
  required?: boolean;
  /** The text in the box: what is being searched, or the chosen option's label. */
  inputValue: string;
  onInputChange: (text: string) => void;
  /** The options that match the text, as the caller found them (the server's search). */
  options: readonly ComboboxOption[];
  /** The chosen option's value; '' while none is. */
  value: string;
  onSelect: (option: ComboboxOption) => void;
  onBlur?: () => void;
  /** The options are being looked for. */
  loading: boolean;
  loadingText: string;
  /** No option matches the text. */
  emptyText: string;
  /** What a screen reader hears of the options found: '5 estudiantes'. */
  countText: (count: number) => string;
  /** Said under the options when they are only some of those that match. */
  moreText?: string;
  placeholder?: string;
  hint?: ReactNode;
  /** The field's error, shown under it and tied to it. */
  error?: string;
}

/**
 * The list's state and the keys of the box: ↓ and ↑ open the list and move
 * among the options (wrapping), Enter chooses the one moved to, Escape
 * closes the list and then clears the box (stopping there, so that a dialog
 * around it stays open).
 */
function useListKeys(props: Props) {
  const { options, inputValue } = props;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const current = active < options.length ? active : -1;
  const choose = (option: ComboboxOption) => {
    props.onSelect(option);
    setOpen(false);
    setActive(-1);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const { key } = event;
    if (key === 'ArrowDown' || key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (!options.length) return;
      const from = open ? current : -1;
      const down = key === 'ArrowDown';
      setActive(down ? (from + 1) % options.length : from <= 0 ? options.length - 1 : from - 1);
    } else if (key === 'Enter' && open && current >= 0) {
      // Chooses the option instead of sending the form.
      event.preventDefault();
      choose(options[current]!);
    } else if (key === 'Escape' && (open || inputValue)) {
      event.stopPropagation();
      if (open) setOpen(false);
      else props.onInputChange('');
      setActive(-1);
    }
  };
  return { open, setOpen, current, setActive, choose, onKeyDown };
}

/** What the status line says, and whether it shows (the count alone is for screen readers). */
function statusOf(props: Props, open: boolean): { text: string; shown: boolean } {
  const { loading, options, moreText } = props;
  if (loading) return { text: props.loadingText, shown: open };
  if (!open) return { text: '', shown: false };
  if (!options.length) return { text: props.emptyText, shown: true };
  const text = [props.countText(options.length), moreText].filter(Boolean).join('. ');
  return { text, shown: Boolean(moreText) };
}

const optionId = (id: string, index: number) => `${id}-option-${index}`;

/** The list of suggestions, labelled by the field's label; `current` is the one the arrows are on. */
function ComboboxOptions(props: {
  id: string;
  options: readonly ComboboxOption[];
  value: string;
  hidden: boolean;
  current: number;
  onActive: (index: number) => void;
  onChoose: (option: ComboboxOption) => void;
}) {
  const { id, options, value, current } = props;
  return (
    <ul
      id={`${id}-list`}
      role="listbox"
      aria-labelledby={`${id}-label`}
      className={styles.list}
      hidden={props.hidden}
    >
      {options.map((option, index) => (
        <li
          key={option.value}
          id={optionId(id, index)}
          role="option"
          aria-selected={option.value === value}
          className={`${styles.option} ${index === current ? styles.active : ''}`}
          // Keeps the focus in the box: the click chooses, the box stays the field.
          onMouseDown={(event) => event.preventDefault()}
          onMouseMove={() => props.onActive(index)}
          onClick={() => props.onChoose(option)}
        >
          <span className={styles.optionLabel}>{option.label}</span>
          {option.description && (
            <span className={styles.optionDescription}>{option.description}</span>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * An editable combobox with a list of suggestions (WAI-ARIA's combobox
 * pattern, list autocomplete): typing looks for matches, which the list
 * shows; the focus stays in the box and the option the arrows are on is
 * its active descendant; Enter or a click chooses one. How many were found,
 * that none was, or that they are being looked for, is said politely. The
 * list is in the flow, below the box, so that a dialog's edge never cuts it.
 */
export function Combobox(props: Props) {
  const { label, required, inputValue, options, value, error, hint } = props;
  const id = useId();
  const { open, setOpen, current, setActive, choose, onKeyDown } = useListKeys(props);
  const status = statusOf(props, open);
  const describedBy =
    [hint && !error && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={fieldStyles.field}>
      <label className={fieldStyles.label} htmlFor={id} id={`${id}-label`}>
        {label}
        {required && (
          <span className={fieldStyles.required} aria-hidden="true">
            *
          </span>
        )}
      </label>
      <input
        id={id}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open && options.length > 0}
        aria-controls={`${id}-list`}
        aria-activedescendant={open && current >= 0 ? optionId(id, current) : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        autoComplete="off"
        spellCheck={false}
        required={required}
        placeholder={props.placeholder}
        className={`${fieldStyles.control} ${error ? fieldStyles.invalid : ''}`}
        value={inputValue}
        onChange={(event) => {
          props.onInputChange(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onClick={() => setOpen((was) => !was)}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setOpen(false);
          props.onBlur?.();
        }}
      />
      <ComboboxOptions
        id={id}
        options={options}
        value={value}
        hidden={!open || !options.length}
        current={current}
        onActive={setActive}
        onChoose={choose}
      />
      <p role="status" className={status.shown ? styles.message : styles.visuallyHidden}>
        {status.text}
      </p>
      {hint && !error && (
        <p className={fieldStyles.hint} id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className={fieldStyles.error} id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
