import { Check, Minus } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { CAPABILITIES, ROLE_NAMES, ROLE_SUMMARIES, ROLES, roleMay } from '../roles';
import { LAST_OWNER_RULE } from '../rules';

/** What each role may do (the role table of the contract, in people's words) and the rules about owners. */
export function RolesGuide() {
  return (
    <Card
      title="Roles"
      description="What each role may do in this project. Every plan has unlimited members."
      padded={false}
    >
      <p className="px-5 pt-3 text-slate-500 text-xs sm:hidden">Scroll the table sideways to see every role.</p>
      <div className="relative overflow-x-auto">
        <table className="w-full min-w-[34rem] text-left text-sm">
          <caption className="sr-only">What each role may do</caption>
          <thead>
            <tr className="border-slate-100 border-b bg-slate-50 text-slate-600 text-xs">
              <th scope="col" className="sticky left-0 z-10 bg-slate-50 px-5 py-2.5 font-medium">
                Permission
              </th>
              {ROLES.map((role) => (
                <th key={role} scope="col" className="px-3 py-2.5 text-center font-medium">
                  {ROLE_NAMES[role]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {CAPABILITIES.map((capability) => (
              <tr key={capability.label}>
                <th
                  scope="row"
                  className="sticky left-0 z-10 w-[45%] min-w-44 bg-white px-5 py-2.5 font-normal text-slate-800"
                >
                  {capability.label}
                </th>
                {ROLES.map((role) =>
                  roleMay(role, capability.actions) ? (
                    <td key={role} className="px-3 py-2.5 text-center">
                      <Check className="inline size-4 text-emerald-600" aria-hidden />
                      <span className="sr-only">Yes</span>
                    </td>
                  ) : (
                    <td key={role} className="px-3 py-2.5 text-center">
                      <Minus className="inline size-4 text-slate-300" aria-hidden />
                      <span className="sr-only">No</span>
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="grid gap-4 border-slate-100 border-t px-5 py-4 text-sm md:grid-cols-2">
        <dl className="space-y-1.5">
          {ROLES.map((role) => (
            <div key={role} className="flex gap-2">
              <dt className="w-14 shrink-0 font-medium text-slate-900">{ROLE_NAMES[role]}</dt>
              <dd className="text-slate-600">{ROLE_SUMMARIES[role]}</dd>
            </div>
          ))}
        </dl>
        <ul className="list-disc space-y-1.5 pl-5 text-slate-600">
          <li>
            <span className="font-medium text-slate-900">At least one owner.</span> {LAST_OWNER_RULE}
          </li>
          <li>Only owners can make someone an owner, or change or remove an owner.</li>
          <li>Nobody can change their own role: another owner or admin does it.</li>
        </ul>
      </div>
    </Card>
  );
}
