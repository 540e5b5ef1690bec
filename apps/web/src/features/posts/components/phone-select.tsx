import { NativeSelect, Select, type SelectProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/** Phones: below this width a picker is the phone's own (a sheet on iOS and Android), never a floating list. */
export const PHONE_QUERY = '(max-width: 48em)';

type TOption = { value: string; label: string };

type TProps = Pick<
  SelectProps,
  'label' | 'placeholder' | 'disabled' | 'error' | 'withAsterisk' | 'leftSection' | 'searchable' | 'nothingFoundMessage'
> & {
  data: TOption[];
  value: string | null;
  onChange: (value: string | null) => void;
  /** The choice may be taken back (an empty choice is offered). */
  clearable?: boolean;
};

/**
 * A picker that works at any width: on a desktop, Mantine's Select (searchable where asked); on a phone, the
 * browser's own select, which the phone opens as a sheet of its own, so no list floats over the page or widens it.
 */
export function PhoneSelect({
  data,
  value,
  onChange,
  clearable = false,
  placeholder,
  searchable,
  nothingFoundMessage,
  ...rest
}: TProps) {
  const phone = useMediaQuery(PHONE_QUERY);
  if (!phone)
    return (
      <Select
        {...rest}
        data={data}
        value={value}
        onChange={onChange}
        placeholder={typeof placeholder === 'string' ? placeholder : undefined}
        searchable={searchable}
        nothingFoundMessage={nothingFoundMessage}
        clearable={clearable}
        allowDeselect={clearable}
        comboboxProps={{ withinPortal: true, zIndex: 400 }}
      />
    );
  const empty = {
    value: '',
    label: typeof placeholder === 'string' ? placeholder : 'Choose…',
    disabled: !clearable && value !== null,
  };
  return (
    <NativeSelect
      {...rest}
      data={[empty, ...data]}
      value={value ?? ''}
      onChange={(e) => onChange(e.currentTarget.value || null)}
    />
  );
}
