import Form from '@rjsf/core';
import type { IconButtonProps, RJSFSchema, UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { useEffect, useState } from 'react';

type Config = Record<string, unknown>;

/** RJSF's default buttons are bare icons (they expect Bootstrap's glyphs): words instead. */
function wordButton(word: string) {
  return function WordButton({ icon, iconType, registry, uiSchema, ...props }: IconButtonProps) {
    void icon;
    void iconType;
    void registry;
    void uiSchema;
    return (
      <button type="button" className="small" {...props}>
        {word}
      </button>
    );
  };
}

const BUTTONS = {
  AddButton: wordButton('Add'),
  RemoveButton: wordButton('Remove'),
  MoveUpButton: wordButton('Up'),
  MoveDownButton: wordButton('Down'),
  CopyButton: wordButton('Copy'),
};

const UI: UiSchema = { 'ui:submitButtonOptions': { norender: true } };

/**
 * A node's configuration twice: as a form generated from its type's JSON Schema (GET
 * /node-types, rendered by react-jsonschema-form) and as JSON beside it, for settings the form
 * does not cover. Both edit the same object; the JSON applies once it parses as an object.
 * Settings outside the schema are kept by the form (RJSF leaves extra data alone).
 */
export function NodeConfigForm(props: {
  nodeId: string;
  schema: Record<string, unknown>;
  config: Config;
  readOnly: boolean;
  onChange: (config: Config) => void;
}) {
  const [json, setJson] = useState(() => JSON.stringify(props.config, null, 2));
  const [jsonProblem, setJsonProblem] = useState<string | null>(null);

  // The form (or the layout's captions) changed the configuration: show it in the JSON view.
  useEffect(() => {
    setJson((current) => {
      try {
        if (JSON.stringify(JSON.parse(current)) === JSON.stringify(props.config)) return current;
      } catch {
        // An unfinished edit in the JSON view gives way to the form's newer value.
      }
      return JSON.stringify(props.config, null, 2);
    });
    setJsonProblem(null);
  }, [props.config]);

  const editJson = (text: string) => {
    setJson(text);
    try {
      const parsed: unknown = JSON.parse(text);
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
        return setJsonProblem('The configuration must be a JSON object');
      }
      setJsonProblem(null);
      props.onChange(parsed as Config);
    } catch (error) {
      setJsonProblem(`Not JSON yet: ${(error as Error).message}`);
    }
  };

  return (
    <div className="node-config">
      <div className="node-config-form">
        <Form
          key={props.nodeId}
          idPrefix="config"
          schema={props.schema as RJSFSchema}
          uiSchema={UI}
          formData={props.config}
          validator={validator}
          disabled={props.readOnly}
          showErrorList={false}
          // A list starts empty, not with blank entries the draft save would refuse.
          experimental_defaultFormStateBehavior={{ arrayMinItems: { populate: 'never' } }}
          templates={{ ButtonTemplates: BUTTONS }}
          onChange={(event) => props.onChange((event.formData ?? {}) as Config)}
        />
      </div>
      <label className="node-config-json">
        Configuration as JSON
        <textarea
          value={json}
          readOnly={props.readOnly}
          spellCheck={false}
          rows={14}
          onChange={(event) => editJson(event.target.value)}
        />
        {jsonProblem && <span className="problem">{jsonProblem}</span>}
      </label>
    </div>
  );
}
