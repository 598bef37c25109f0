declare module 'role-based-email-addresses' {
  /** Local parts that name a role (sales, support, noreply...) rather than a person. */
  const prefixes: string[];
  export default prefixes;
}
