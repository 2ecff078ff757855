import type { Collection } from '@plinth/contract';
import { Check, Columns3 } from 'lucide-react';
import { DropdownMenu as Menu } from 'radix-ui';
import { Button } from '../../../components/ui/button';
import { DropdownMenu, DropdownMenuLabel, DropdownMenuSeparator } from '../../../components/ui/dropdown-menu';
import { columnChoices, columnLabel } from '../fields';

/** Which columns the list shows (the document's name always shows first); kept per collection. */
export function ColumnPicker({
  collection,
  columns,
  onChange,
  onReset,
}: {
  collection: Collection;
  columns: readonly string[];
  onChange: (columns: string[]) => void;
  onReset: () => void;
}) {
  const choices = columnChoices(collection);
  const toggle = (key: string, isOn: boolean) =>
    // Model order, whatever order they were ticked in.
    onChange(choices.filter((choice) => (choice === key ? isOn : columns.includes(choice))));
  return (
    <DropdownMenu
      label="Columns"
      trigger={
        <Button variant="secondary" size="sm">
          <Columns3 className="size-4" aria-hidden />
          Columns
        </Button>
      }
    >
      <DropdownMenuLabel>Show columns</DropdownMenuLabel>
      <div className="max-h-80 overflow-y-auto">
        {choices.map((key) => (
          <Menu.CheckboxItem
            key={key}
            checked={columns.includes(key)}
            onCheckedChange={(checked) => toggle(key, checked === true)}
            // Stay open: people usually change several.
            onSelect={(event) => event.preventDefault()}
            className="flex cursor-default select-none items-center gap-2 rounded-lg py-2 pr-3 pl-8 text-slate-800 text-sm outline-none data-[highlighted]:bg-slate-100"
          >
            <Menu.ItemIndicator className="absolute left-3 inline-flex">
              <Check className="size-4 text-indigo-600" aria-hidden />
            </Menu.ItemIndicator>
            {columnLabel(collection, key)}
          </Menu.CheckboxItem>
        ))}
      </div>
      <DropdownMenuSeparator />
      <Menu.Item
        onSelect={onReset}
        className="flex cursor-default select-none items-center rounded-lg px-3 py-2 text-slate-800 text-sm outline-none data-[highlighted]:bg-slate-100"
      >
        Reset to default columns
      </Menu.Item>
    </DropdownMenu>
  );
}
