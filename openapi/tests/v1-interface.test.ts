/**
 * The contract against the v1 interface description: the seven core operations, their parameters,
 * defaults, limits and bodies, and every resource's fields. A failure here means the OpenAPI document
 * no longer describes the interface it was written for.
 */
import { describe, expect, it } from 'vitest';
import {
  basePathSuffix,
  coreOperations,
  descriptionVersion,
  postWriteOnlyFields,
  resources,
  tags,
} from './v1-interface.ts';
import { document, operationById, parametersOf, propertiesOf, resolve, schema, typesOf } from './document.ts';

/** The description's "number" for ids, page and size is narrowed to whole numbers by the contract. */
const contractTypeFor = (type: string) => (type === 'number' ? 'integer' : type);

describe.each(coreOperations)('$operationId ($method $path)', (fact) => {
  const entry = operationById(fact.operationId);

  it('keeps the method and path of the description', () => {
    expect(entry.method).toBe(fact.method);
    expect(entry.path).toBe(fact.path);
  });

  it(`answers ${fact.successStatus} with the ${fact.successSchema} resource as JSON`, () => {
    const successes = Object.keys(entry.operation.responses).filter((status) => status.startsWith('2'));
    expect(successes).toEqual([fact.successStatus]);
    const response = resolve(entry.operation.responses[fact.successStatus]);
    // The description declares success bodies as */*; the contract narrows that to application/json.
    expect(Object.keys(response.content)).toEqual(['application/json']);
    expect(resolve(response.content['application/json'].schema)).toBe(schema(fact.successSchema));
  });

  it('takes exactly the parameters of the description', () => {
    const declared = parametersOf(entry).map((p) => `${p.in}:${p.name}`).sort();
    expect(declared).toEqual(fact.parameters.map((p) => `${p.in}:${p.name}`).sort());
  });

  describe.each(fact.parameters)('parameter $in.$name', (parameterFact) => {
    const parameter = parametersOf(entry).find((p) => p.name === parameterFact.name && p.in === parameterFact.in);
    const parameterSchema = resolve(parameter.schema);

    it(`is ${parameterFact.required ? 'required' : 'optional'} and of type ${parameterFact.type}`, () => {
      expect(Boolean(parameter.required)).toBe(parameterFact.required);
      expect(typesOf(parameterSchema)).toEqual([contractTypeFor(parameterFact.type)]);
    });

    if (parameterFact.default !== undefined) {
      it(`defaults to ${parameterFact.default}`, () => expect(parameterSchema.default).toBe(parameterFact.default));
    }
    if (parameterFact.maximum !== undefined) {
      it(`is at most ${parameterFact.maximum}`, () => expect(parameterSchema.maximum).toBe(parameterFact.maximum));
    }
    if (parameterFact.enum) {
      it(`takes exactly ${parameterFact.enum.join(', ')}`, () => expect(parameterSchema.enum).toEqual(parameterFact.enum));
    }
  });

  if (fact.body) {
    const body = fact.body;
    const requestBody = () => resolve(entry.operation.requestBody);
    const bodySchema = () => resolve(requestBody().content['application/json'].schema);

    it('takes a JSON body with exactly the fields of the description', () => {
      expect(Object.keys(requestBody().content)).toEqual(['application/json']);
      expect(Object.keys(propertiesOf(bodySchema())).sort()).toEqual(body.map((field) => field.name).sort());
    });

    it('requires exactly the fields the description requires', () => {
      expect([...(bodySchema().required ?? [])].sort()).toEqual(
        body.filter((field) => field.required).map((field) => field.name).sort(),
      );
    });

    describe.each(body)('body field $name', (field) => {
      const property = () => propertiesOf(bodySchema())[field.name];

      it(`is a ${field.type}`, () => expect(typesOf(property())).toContain(field.type));

      if (field.default === null) {
        it('accepts null, its default', () => expect(typesOf(property())).toContain('null'));
      } else if (field.default !== undefined) {
        it(`defaults to ${field.default}`, () => expect(property().default).toBe(field.default));
      }
      if (field.enum) {
        it(`takes exactly ${field.enum.join(', ')}`, () => expect(property().enum).toEqual(field.enum));
      }
    });
  }
});

describe.each(Object.entries(resources))('%s resource', (name, fields) => {
  const resourceSchema = () => schema(name);

  it('has exactly the fields of the description, all of them always present', () => {
    const names = fields.map((field) => field.name).sort();
    expect(Object.keys(resourceSchema().properties).sort()).toEqual(names);
    expect([...resourceSchema().required].sort()).toEqual(names);
    expect(resourceSchema().additionalProperties).toBe(false);
  });

  it.each(fields)('types $name as the description does', (field) => {
    const property = resolve(resourceSchema().properties[field.name]);
    expect(typesOf(property)).toContain(field.type);
    if (field.enum) expect(resolve(property).enum).toEqual(field.enum);
  });
});

describe('post responses', () => {
  it.each(postWriteOnlyFields)('never carry %s, although creation accepts it', (field) => {
    expect(schema('Post').properties).not.toHaveProperty(field);
    expect(schema('Post').additionalProperties).toBe(false);
    expect(propertiesOf(schema('PostCreate'))).toHaveProperty(field);
  });
});

describe('the list of emails', () => {
  it('is a paginated list of Email resources', () => {
    const list = schema('EmailList');
    expect(resolve(list.properties.result.items)).toBe(schema('Email'));
    expect(list.properties.size.maximum).toBe(100);
  });
});

describe('the document', () => {
  it(`is version ${descriptionVersion} of the interface`, () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe(descriptionVersion);
  });

  it(`serves every path under a base URL ending in ${basePathSuffix}`, () => {
    expect(document.servers.length).toBeGreaterThan(0);
    for (const server of document.servers) expect(server.url.endsWith(basePathSuffix)).toBe(true);
  });

  it('groups operations under exactly the eight tags of the description, each described', () => {
    expect(document.tags.map((tag: { name: string }) => tag.name).sort()).toEqual(tags);
    for (const tag of document.tags) expect(tag.description).toBeTruthy();
  });
});
