import { DayPicker } from 'react-day-picker';
import { enGB, pl } from 'react-day-picker/locale';
import 'react-day-picker/style.css';

/** The calendar of a DateField, loaded with its first opening (react-day-picker and date-fns). */
export default function DateCalendar({
  selected,
  language,
  onSelect,
}: {
  selected: Date | undefined;
  language: string;
  onSelect: (date: Date | undefined) => void;
}) {
  return (
    <DayPicker
      mode="single"
      selected={selected}
      defaultMonth={selected}
      onSelect={onSelect}
      locale={language === 'pl' ? pl : enGB}
      weekStartsOn={1}
      autoFocus
    />
  );
}
