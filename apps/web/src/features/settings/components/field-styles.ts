import { CONTROL } from '../../../components/ui/form-field';

/** form-field's control look, greyed when disabled (the locales of a viewer). */
export const CONTROL_CLASS = `${CONTROL} disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500`;
