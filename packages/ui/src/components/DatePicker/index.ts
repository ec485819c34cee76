export { DatePicker, nextRange, toggleDay } from './DatePicker';
export type {
  DatePickerProps,
  DatePickerBaseProps,
  SingleDatePickerProps,
  MultipleDatePickerProps,
  RangeDatePickerProps,
  DateRange,
} from './DatePicker';
