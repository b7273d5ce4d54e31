import type { Template } from 'aws-cdk-lib/assertions';

/** A policy statement as a template holds it. */
export interface TemplateStatement {
  Effect: string;
  Action: string | string[];
  Resource?: unknown;
}

/** Every policy statement of a template: IAM policies, inline role policies, resource policies. */
export const templateStatements = (template: Template): TemplateStatement[] => {
  const found: TemplateStatement[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      if (Array.isArray(record.Statement)) found.push(...(record.Statement as TemplateStatement[]));
      else Object.values(record).forEach(walk);
    }
  };
  walk(template.toJSON().Resources);
  return found;
};
