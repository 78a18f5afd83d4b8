package core

// Engine for encoding/json (v1). In a plain build it is classic v1 ("v1");
// built with GOEXPERIMENT=jsonv2 it runs on the v2 engine ("v1v2").

import (
	"bytes"
	"encoding/json"
)

type v1Engine struct{}

// knows reports whether name is an option of encoding/json's API the oracle maps.
func (v1Engine) knows(name string) bool {
	switch name {
	case "useNumber", "disallowUnknownFields", "escapeHTML", "prefix", "indent":
		return true
	}
	return false
}

func (v1Engine) marshal(v any, opts map[string]any) ([]byte, error) {
	escape, set := optBool(opts, "escapeHTML")
	prefix, hasPrefix := optString(opts, "prefix")
	indent, hasIndent := optString(opts, "indent")
	// Either option turns indentation on, even when both are empty
	// (MarshalIndent(v, "", "") still breaks lines).
	indented := hasPrefix || hasIndent
	if set && !escape {
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		if indented {
			enc.SetIndent(prefix, indent)
		}
		if err := enc.Encode(v); err != nil {
			return nil, err
		}
		return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
	}
	if indented {
		return json.MarshalIndent(v, prefix, indent)
	}
	return json.Marshal(v)
}

func (v1Engine) unmarshal(data []byte, ptr any, opts map[string]any) error {
	useNumber, _ := optBool(opts, "useNumber")
	disallow, _ := optBool(opts, "disallowUnknownFields")
	if !useNumber && !disallow {
		return json.Unmarshal(data, ptr)
	}
	// Unmarshal is "check the whole input, then decode"; a Decoder with the
	// flags set decodes the same way once the input is known to be valid.
	if !json.Valid(data) {
		return json.Unmarshal(data, ptr)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if useNumber {
		dec.UseNumber()
	}
	if disallow {
		dec.DisallowUnknownFields()
	}
	return dec.Decode(ptr)
}

func (v1Engine) valid(data []byte, _ map[string]any) bool { return json.Valid(data) }

func (v1Engine) compact(data []byte, _ map[string]any) ([]byte, error) {
	var b bytes.Buffer
	err := json.Compact(&b, data)
	return b.Bytes(), err
}

func (v1Engine) indent(data []byte, opts map[string]any) ([]byte, error) {
	prefix, _ := optString(opts, "prefix")
	indent, ok := optString(opts, "indent")
	if !ok {
		indent = "\t"
	}
	var b bytes.Buffer
	err := json.Indent(&b, data, prefix, indent)
	return b.Bytes(), err
}
