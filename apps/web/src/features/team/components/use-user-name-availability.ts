import { useDebouncedValue } from '@mantine/hooks';
import { USERNAME_CHECK_DEBOUNCE_MS } from '@virality/domain';
import { useUserNameCheck } from '../api/check-user-name';

/**
 * Username availability (seed 001 §5 "Sub-user form"): asked 1300 ms after typing stops, only for a
 * value the form's own rule accepts (`locallyValid`) and that differs from the sub-user's saved name.
 * `taken` and `suggestions` belong to the value on screen only: typing again clears them until the next check.
 */
export function useUserNameAvailability(value: string, savedUserName: string | null, locallyValid: (v: string) => boolean) {
  const trimmed = value.trim();
  const [debounced] = useDebouncedValue(trimmed, USERNAME_CHECK_DEBOUNCE_MS);
  const settled = debounced === trimmed;
  const own = trimmed.toLowerCase() === (savedUserName ?? '').toLowerCase();
  const shouldCheck = settled && !own && locallyValid(trimmed);
  const check = useUserNameCheck(debounced, shouldCheck);
  const result = shouldCheck ? check.data : undefined;
  return {
    checking: (!settled && !own && trimmed.length > 0) || (shouldCheck && check.isFetching),
    taken: !!result?.isExist,
    available: result ? !result.isExist : false,
    suggestions: result?.isExist ? result.genData : [],
  };
}
