import { useFormik, type FormikValues } from 'formik';
import type { AnySchema } from 'yup';
import { describeError, isConnectionFailure } from '../lib/errors.ts';
import { QUEUED_MESSAGE } from '../lib/offline/write-queue.ts';
import { showToast } from '../lib/toast-store.ts';

interface Options<V extends FormikValues> {
  initialValues: V;
  validationSchema: AnySchema;
  /** Re-read initialValues when they change (a dialog that edits different items). */
  enableReinitialize?: boolean;
  /** Resolving 'queued' (a direct write saved on this device, see commitWrite) says so. */
  save(values: V): Promise<unknown>;
  /**
   * The toast after saving, from the submitted values: a success unless it says otherwise (a
   * save whose second part failed, e.g. a schedule item saved without its capacity).
   */
  success(values: V): { title: string; description: string; status?: 'success' | 'error' };
  /** The error toast's text (docs/product.md, "Texts and messages"). */
  failure: string;
  onClose(): void;
}

/**
 * The submit cycle every form dialog shares: validate, save, toast, reset and close on success;
 * log and toast on failure, keeping what the user typed. Cancel resets and closes.
 */
export function useDialogForm<V extends FormikValues>(options: Options<V>) {
  const { save, success, failure, onClose } = options;
  const form = useFormik<V>({
    initialValues: options.initialValues,
    validationSchema: options.validationSchema,
    enableReinitialize: options.enableReinitialize,
    onSubmit: async (values, helpers) => {
      try {
        const outcome = await save(values);
        const toast = success(values);
        showToast(
          outcome === 'queued'
            ? { title: toast.title, description: QUEUED_MESSAGE, status: 'info' }
            : { status: 'success', ...toast },
        );
        helpers.resetForm();
        onClose();
      } catch (err) {
        console.error(failure, err);
        // A lost connection says so (the request never reached the server); else the product's text (docs/product.md, "Texts and messages").
        const description = isConnectionFailure(err) ? describeError(err, failure) : failure;
        showToast({ title: 'Error', description, status: 'error' });
      }
    },
  });
  const close = () => {
    form.resetForm();
    onClose();
  };
  return { form, close };
}
