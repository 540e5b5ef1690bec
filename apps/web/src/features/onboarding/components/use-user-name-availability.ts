import { useDebouncedValue } from '@mantine/hooks';
import { USERNAME_CHECK_DEBOUNCE_MS, zUserName } from '@virality/domain';
import { useUserNameCheck } from '../api/check-user-name';

/**
 * Username availability (seed 001 §5): asked 1300 ms after typing stops, only for a locally valid
 * name that differs from the user's own saved one. `taken` and `suggestions` belong to the value
 * on screen only: typing again clears them until the next check.
 */
export function useUserNameAvailability(value: string, savedUserName: string | null) {
  const trimmed = value.trim();
  const [debounced] = useDebouncedValue(trimmed, USERNAME_CHECK_DEBOUNCE_MS);
  const settled = debounced === trimmed;
  const shouldCheck = settled && trimmed !== (savedUserName ?? '') && zUserName.safeParse(trimmed).success;
  const check = useUserNameCheck(debounced, shouldCheck);
  const result = shouldCheck ? check.data : undefined;
  return {
    checking: (!settled && trimmed !== (savedUserName ?? '')) || (shouldCheck && check.isFetching),
    taken: !!result?.isExist,
    available: result ? !result.isExist : false,
    suggestions: result?.isExist ? result.genData : [],
  };
}
