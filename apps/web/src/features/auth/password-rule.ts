/** The password rule of docs/product.md §5, said before the user types (the shared schema says it when it fails). */
export const PASSWORD_RULE_HINT =
  'At least 8 characters with a lowercase letter, an uppercase letter, a number and a special character.';
