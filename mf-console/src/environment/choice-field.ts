/**
 * The props that bind a SelectField or TextAreaField (whose onChange gives the value itself) to one
 * field of a useZodForm: name, value, change handler and error.
 */
export function choiceField<N extends string>(
  form: { values: object; errors: Record<string, string>; set: (name: N, value: unknown) => void },
  name: N,
) {
  return {
    name,
    value: String((form.values as Record<string, unknown>)[name] ?? ''),
    onChange: (value: string) => form.set(name, value),
    error: form.errors[name],
  };
}
