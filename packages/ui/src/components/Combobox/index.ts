export { Combobox } from './Combobox';
export type { ComboboxProps, ComboboxOption } from './Combobox';
export { normalizeForSearch } from './filter';
