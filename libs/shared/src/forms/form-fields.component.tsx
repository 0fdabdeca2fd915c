import { useField } from 'formik';
import { useId, useState, type ReactNode } from 'react';
import { MSG } from '@psicocampus/shared/domain';
import { CapsLockWarning } from './caps-lock-warning.component';
import { useCapsLock } from './use-caps-lock';
import styles from './form-field.module.css';

interface BaseProps {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** Show the error as soon as the value changes, not only after leaving the field. */
  validateLive?: boolean;
}

/** Error shown when the field was touched (or the form submitted). */
function useFieldState(name: string, validateLive: boolean | undefined) {
  const [field, meta, helpers] = useField(name);
  const shown =
    Boolean(meta.error) && (meta.touched || (validateLive && meta.value !== meta.initialValue));
  return { field, meta, helpers, error: shown ? meta.error : undefined };
}

function Describe({
  id,
  hint,
  error,
  capsLock,
}: {
  id: string;
  hint?: ReactNode;
  error?: string;
  /** Whether Caps Lock is on, for a field that warns about it (its line is kept while off). */
  capsLock?: boolean;
}) {
  return (
    <>
      {capsLock !== undefined && <CapsLockWarning id={`${id}-caps`} on={capsLock} />}
      {hint && !error && (
        <p className={styles.hint} id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className={styles.error} id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </>
  );
}

function describedBy(id: string, parts: { hint?: unknown; error?: unknown; caps?: boolean }) {
  const ids = [
    parts.caps && `${id}-caps`,
    parts.hint && !parts.error && `${id}-hint`,
    parts.error && `${id}-error`,
  ].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

interface TextFieldProps extends BaseProps {
  type?: 'text' | 'email' | 'tel' | 'number' | 'datetime-local' | 'date';
  autoComplete?: string;
  placeholder?: string;
  /** Warn when Caps Lock is on while typing (docs/screens-and-routes.md#login-screen, login). */
  capsLockWarning?: boolean;
  min?: string | number;
  max?: string | number;
  step?: string | number;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric' | 'decimal';
}

export function TextField({
  name,
  label,
  hint,
  required,
  disabled,
  validateLive,
  type = 'text',
  capsLockWarning,
  ...inputProps
}: TextFieldProps) {
  const id = useId();
  const { field, error } = useFieldState(name, validateLive);
  const { capsLock, handlers } = useCapsLock();
  const caps = capsLockWarning && capsLock;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
        {required && (
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        )}
      </label>
      <input
        {...field}
        {...inputProps}
        {...(capsLockWarning ? handlers : {})}
        onBlur={(event) => {
          field.onBlur(event);
          if (capsLockWarning) handlers.onBlur();
        }}
        value={field.value ?? ''}
        id={id}
        type={type}
        disabled={disabled}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint, error, caps })}
        className={`${styles.control} ${error ? styles.invalid : ''}`}
      />
      <Describe
        id={id}
        hint={hint}
        error={error}
        capsLock={capsLockWarning ? capsLock : undefined}
      />
    </div>
  );
}

interface PasswordFieldProps extends BaseProps {
  autoComplete: 'current-password' | 'new-password';
}

/** A password input with the Caps Lock warning and a show/hide switch. */
export function PasswordField({
  name,
  label,
  hint,
  required,
  disabled,
  validateLive,
  autoComplete,
}: PasswordFieldProps) {
  const id = useId();
  const { field, error } = useFieldState(name, validateLive);
  const { capsLock, handlers } = useCapsLock();
  const [visible, setVisible] = useState(false);
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
        {required && (
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        )}
      </label>
      <div className={styles.passwordRow}>
        <input
          {...field}
          {...handlers}
          onBlur={(event) => {
            field.onBlur(event);
            handlers.onBlur();
          }}
          value={field.value ?? ''}
          id={id}
          type={visible ? 'text' : 'password'}
          autoComplete={autoComplete}
          disabled={disabled}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, { hint, error, caps: capsLock })}
          className={`${styles.control} ${error ? styles.invalid : ''}`}
        />
        <button
          type="button"
          className={styles.reveal}
          onClick={() => setVisible((current) => !current)}
          aria-pressed={visible}
          aria-controls={id}
        >
          {visible ? MSG.auth.hidePassword : MSG.auth.showPassword}
        </button>
      </div>
      <Describe id={id} hint={hint} error={error} capsLock={capsLock} />
    </div>
  );
}

/** A checkbox bound to a boolean form value. */
export function CheckboxField({
  name,
  label,
  disabled,
}: Pick<BaseProps, 'name' | 'label' | 'disabled'>) {
  const id = useId();
  const [field, meta] = useField({ name, type: 'checkbox' });
  const error = meta.touched ? meta.error : undefined;
  return (
    <div>
      <div className={styles.checkbox}>
        <input
          {...field}
          id={id}
          type="checkbox"
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <label htmlFor={id}>{label}</label>
      </div>
      {error && (
        <p className={styles.error} id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

interface SelectFieldProps extends BaseProps {
  options: readonly SelectOption[];
  placeholder?: string;
}

export function SelectField({
  name,
  label,
  hint,
  required,
  disabled,
  validateLive,
  options,
  placeholder = MSG.common.selectPlaceholder,
}: SelectFieldProps) {
  const id = useId();
  const { field, error } = useFieldState(name, validateLive);
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
        {required && (
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        )}
      </label>
      <select
        {...field}
        value={field.value ?? ''}
        id={id}
        disabled={disabled}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint, error })}
        className={`${styles.control} ${error ? styles.invalid : ''}`}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <Describe id={id} hint={hint} error={error} />
    </div>
  );
}

interface TextAreaFieldProps extends BaseProps {
  rows: number;
  maxLength?: number;
}

export function TextAreaField({
  name,
  label,
  hint,
  required,
  disabled,
  validateLive,
  rows,
  maxLength,
}: TextAreaFieldProps) {
  const id = useId();
  const { field, error } = useFieldState(name, validateLive);
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
        {required && (
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        )}
      </label>
      <textarea
        {...field}
        value={field.value ?? ''}
        id={id}
        rows={rows}
        maxLength={maxLength}
        disabled={disabled}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint, error })}
        className={`${styles.control} ${error ? styles.invalid : ''}`}
      />
      <Describe id={id} hint={hint} error={error} />
    </div>
  );
}
