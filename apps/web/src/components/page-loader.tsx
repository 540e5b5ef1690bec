import { Center, Loader } from '@mantine/core';

/** Shown while a lazy page or the current user is loading. */
export function PageLoader() {
  return (
    <Center mih="50vh">
      <Loader aria-label="Loading" />
    </Center>
  );
}
