/** The profile screen's messages, word for word from spec §2 and §8. */
export const profileMessages = {
  paymentMethodsLoadFailed: 'Failed to load payment methods',
  toggleFailed: 'Failed to update payment method status',
  enabled: 'Payment method enabled',
  disabled: 'Payment method disabled',
  saveFailed: 'Failed to save payment method',
  added: 'Payment method added successfully',
  updated: 'Payment method updated successfully',
  profileUpdated: 'Profile updated successfully!',
  profileUpdateFailed: 'Failed to update profile. Please try again.',
} as const;

/** Spec §8: the profile's success toast stays 2 s. */
export const PROFILE_TOAST_MS = 2000;
