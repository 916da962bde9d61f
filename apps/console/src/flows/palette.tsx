import { can } from '../permissions';
import type { NodeTypeInfo } from './graph-edits';

/** The specification's six categories, in the builder's order. */
const CATEGORIES = ['Triggers', 'AI intelligence', 'Actions', 'Controls', 'Utilities', 'Apps'];

/**
 * The node palette: every node type of the catalog under its category. A click adds the node
 * after the selected one. AI intelligence nodes need `ai.use` (Admin): for other roles they are
 * shown disabled, with the reason, because the API would refuse the draft.
 */
export function Palette(props: {
  catalog: NodeTypeInfo[];
  role: string;
  hasTrigger: boolean;
  onAdd: (info: NodeTypeInfo) => void;
}) {
  const mayUseAi = can(props.role, 'ai.use');
  return (
    <nav className="palette" aria-label="Node palette">
      {CATEGORIES.map((category) => (
        <section key={category} aria-label={category}>
          <h3>{category}</h3>
          {category === 'AI intelligence' && !mayUseAi && (
            <p className="hint">Only an Admin may add or change AI intelligence nodes.</p>
          )}
          {category === 'Triggers' && props.hasTrigger && (
            <p className="hint">A flow has one trigger: remove it to choose another.</p>
          )}
          {props.catalog
            .filter((info) => info.category === category)
            .map((info) => (
              <button
                key={info.type}
                type="button"
                title={info.description}
                disabled={
                  (category === 'AI intelligence' && !mayUseAi) ||
                  (category === 'Triggers' && props.hasTrigger)
                }
                onClick={() => props.onAdd(info)}
              >
                Add {info.title}
              </button>
            ))}
        </section>
      ))}
    </nav>
  );
}
