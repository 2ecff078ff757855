import { Bounce, ToastContainer, type ToastContainerProps, toast } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';

/** The product's toast settings (spec §9): top-right, 3 s, close on click, pause on hover, draggable. */
export const TOAST_OPTIONS = {
  position: 'top-right',
  autoClose: 3000,
  closeOnClick: true,
  pauseOnHover: true,
  draggable: true,
  hideProgressBar: false,
  newestOnTop: true,
  transition: Bounce,
} as const satisfies ToastContainerProps;

export type ToastKind = 'success' | 'error' | 'warning' | 'info' | 'default';

/** Raises a toast; the one function the app uses for them. */
export function notify(kind: ToastKind, message: string): void {
  if (kind === 'default') toast(message);
  else toast[kind](message);
}

export function Toasts() {
  return <ToastContainer {...TOAST_OPTIONS} />;
}
