import { useDebouncedValue } from '@mantine/hooks';
import { USERNAME_CHECK_DEBOUNCE_MS, zUserName } from '@virality/domain';
import { useUserNameCheck } from './check-user-name';

export type TUserNameAvailabilityOptions = {
  /** The rule a name must pass before the server is asked (the form's own); the domain's zUserName by default. */
  isValid?: (userName: string) => boolean;
  /** The saved name typed in another case counts as unchanged, so it is not checked. */
  savedNameIgnoresCase?: boolean;
  /** An emptied field shows no pending check while the pause runs. */
  quietWhenEmpty?: boolean;
  /** Passed on to user/checkUserName only when defined (see checkUserName for what omitted and null mean). */
  excludeUserId?: string | null;
};

const domainRule = (userName: string) => zUserName.safeParse(userName).success;

/**
 * Username availability: asked USERNAME_CHECK_DEBOUNCE_MS (1300 ms) after typing stops,
 * only for a locally valid name that differs from the saved one. `taken` and `suggestions` belong to
 * the value on screen only: typing again clears them until the next check.
 */
export function useUserNameAvailability(
  value: string,
  savedUserName: string | null,
  {
    isValid = domainRule,
    savedNameIgnoresCase = false,
    quietWhenEmpty = false,
    excludeUserId,
  }: TUserNameAvailabilityOptions = {},
) {
  const trimmed = value.trim();
  const saved = savedUserName ?? '';
  const [debounced] = useDebouncedValue(trimmed, USERNAME_CHECK_DEBOUNCE_MS);
  const settled = debounced === trimmed;
  const own = savedNameIgnoresCase ? trimmed.toLowerCase() === saved.toLowerCase() : trimmed === saved;
  const shouldCheck = settled && !own && isValid(trimmed);
  const check = useUserNameCheck(debounced, shouldCheck, excludeUserId);
  const result = shouldCheck ? check.data : undefined;
  return {
    checking: (!settled && !own && !(quietWhenEmpty && trimmed === '')) || (shouldCheck && check.isFetching),
    taken: !!result?.isExist,
    available: result ? !result.isExist : false,
    suggestions: result?.isExist ? result.genData : [],
  };
}
