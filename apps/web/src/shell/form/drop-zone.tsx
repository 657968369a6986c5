import { type DragEvent, useId, useState } from 'react';
import styles from './drop-zone.module.css';

/**
 * Files dropped here or chosen with the picker (a labelled button: the browser's own picker
 * speaks the browser's language). `multiple` lets several go at once. In a form, `name` lets a
 * server error on that field find the picker, and `errorId` names the error it shows.
 */
export function DropZone({
  label,
  hint,
  accept,
  multiple = false,
  disabled = false,
  name,
  errorId,
  onFiles,
}: {
  label: string;
  hint: string;
  accept: string;
  multiple?: boolean;
  disabled?: boolean;
  name?: string;
  errorId?: string;
  onFiles: (files: File[]) => void;
}) {
  const id = useId();
  const [over, setOver] = useState(false);
  const take = (list: FileList | null) => {
    const files = [...(list ?? [])];
    if (files.length && !disabled) onFiles(multiple ? files : files.slice(0, 1));
  };
  const onDrop = (event: DragEvent<HTMLFieldSetElement>) => {
    event.preventDefault();
    setOver(false);
    take(event.dataTransfer.files);
  };
  return (
    // The drop target for a pointer; the keyboard uses the picker inside it.
    <fieldset
      className={styles.dropZone}
      data-over={over || undefined}
      data-disabled={disabled || undefined}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <input
        id={id}
        name={name}
        type="file"
        className="visually-hidden"
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        aria-describedby={[`${id}-hint`, errorId].filter(Boolean).join(' ')}
        aria-invalid={errorId ? true : undefined}
        onChange={(event) => {
          take(event.target.files);
          // The same file can be chosen again after it was removed.
          event.target.value = '';
        }}
      />
      <label htmlFor={id} className={styles.dropButton}>
        {label}
      </label>
      <p id={`${id}-hint`} className={styles.dropHint}>
        {hint}
      </p>
    </fieldset>
  );
}
