// The message under a form that says why it was not sent, announced to screen readers when it appears;
// nothing is rendered while there is none.
export function FormError({ id, message }: { id?: string; message: string | null }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="form-error">
      {message}
    </p>
  );
}
