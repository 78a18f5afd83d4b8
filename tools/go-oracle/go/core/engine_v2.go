//go:build goexperiment.jsonv2

package core

// Engines of the GOEXPERIMENT=jsonv2 build: "v1v2" (encoding/json, which runs
// on the v2 engine in this build) and "v2" (encoding/json/v2 + jsontext).

import (
	"encoding/json"
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"reflect"
	"sort"
	"strings"
)

var extraQualified = map[string]reflect.Type{
	"jsontext.Value": reflect.TypeFor[jsontext.Value](),
}

func init() {
	engines["v1v2"] = v1Engine{}
	engines["v2"] = v2Engine{}
}

// knows reports whether name is an option of the v2 engine (the Go release decides a few).
func (v2Engine) knows(name string) bool {
	_, ok := boolOptions[name]
	return ok || name == "defaultOptionsV1" || name == "withIndent" || name == "withIndentPrefix"
}

var boolOptions = map[string]func(bool) jsonv2.Options{
	// json/v2
	"stringifyNumbers":          jsonv2.StringifyNumbers,
	"deterministic":             jsonv2.Deterministic,
	"formatNilSliceAsNull":      jsonv2.FormatNilSliceAsNull,
	"formatNilMapAsNull":        jsonv2.FormatNilMapAsNull,
	"omitZeroStructFields":      jsonv2.OmitZeroStructFields,
	"matchCaseInsensitiveNames": jsonv2.MatchCaseInsensitiveNames,
	"rejectUnknownMembers":      jsonv2.RejectUnknownMembers,
	// jsontext
	"allowDuplicateNames":   jsontext.AllowDuplicateNames,
	"allowInvalidUTF8":      jsontext.AllowInvalidUTF8,
	"escapeForHTML":         jsontext.EscapeForHTML,
	"escapeForJS":           jsontext.EscapeForJS,
	"preserveRawStrings":    jsontext.PreserveRawStrings,
	"canonicalizeRawInts":   jsontext.CanonicalizeRawInts,
	"canonicalizeRawFloats": jsontext.CanonicalizeRawFloats,
	"reorderRawObjects":     jsontext.ReorderRawObjects,
	"spaceAfterColon":       jsontext.SpaceAfterColon,
	"spaceAfterComma":       jsontext.SpaceAfterComma,
	"multiline":             jsontext.Multiline,
	// v1 legacy options (encoding/json)
	"callMethodsWithLegacySemantics":  json.CallMethodsWithLegacySemantics,
	"formatByteArrayAsArray":          json.FormatByteArrayAsArray,
	"formatBytesWithLegacySemantics":  json.FormatBytesWithLegacySemantics,
	"formatDurationAsNano":            json.FormatDurationAsNano,
	"matchCaseSensitiveDelimiter":     json.MatchCaseSensitiveDelimiter,
	"mergeWithLegacySemantics":        json.MergeWithLegacySemantics,
	"omitEmptyWithLegacySemantics":    json.OmitEmptyWithLegacySemantics,
	"parseBytesWithLooseRFC4648":      json.ParseBytesWithLooseRFC4648,
	"parseTimeWithLooseRFC3339":       json.ParseTimeWithLooseRFC3339,
	"reportErrorsWithLegacySemantics": json.ReportErrorsWithLegacySemantics,
	"stringifyWithLegacySemantics":    json.StringifyWithLegacySemantics,
	"unmarshalArrayFromAnyLength":     json.UnmarshalArrayFromAnyLength,
}

// v2Options resolves camelCase option names in a fixed order
// (defaultOptionsV1 first, so later options override it).
func v2Options(opts map[string]any) []jsonv2.Options {
	var out []jsonv2.Options
	if b, _ := optBool(opts, "defaultOptionsV1"); b {
		out = append(out, json.DefaultOptionsV1())
	}
	names := make([]string, 0, len(opts))
	for n := range opts {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if f, ok := boolOptions[n]; ok {
			if b, ok := optBool(opts, n); ok {
				out = append(out, f(b))
			}
		}
	}
	if s, ok := optString(opts, "withIndent"); ok {
		out = append(out, jsontext.WithIndent(s))
	}
	if s, ok := optString(opts, "withIndentPrefix"); ok {
		out = append(out, jsontext.WithIndentPrefix(s))
	}
	return out
}

type v2Engine struct{}

func (v2Engine) marshal(v any, opts map[string]any) ([]byte, error) {
	return jsonv2.Marshal(v, v2Options(opts)...)
}

func (v2Engine) unmarshal(data []byte, ptr any, opts map[string]any) error {
	return jsonv2.Unmarshal(data, ptr, v2Options(opts)...)
}

func (v2Engine) valid(data []byte, opts map[string]any) bool {
	return jsontext.Value(data).IsValid(v2Options(opts)...)
}

func (v2Engine) compact(data []byte, opts map[string]any) ([]byte, error) {
	v := jsontext.Value(append([]byte(nil), data...))
	err := v.Compact(v2Options(opts)...)
	return v, err
}

func (v2Engine) indent(data []byte, opts map[string]any) ([]byte, error) {
	v := jsontext.Value(append([]byte(nil), data...))
	err := v.Indent(v2Options(opts)...)
	return v, err
}

func init() {
	semanticTypeFix = fixSemanticType
	v1OnV2 = true
}

// fixSemanticType undoes v2's abbreviation of long type strings ("struct",
// "main.struct") for struct types that were declared with a name: Go would
// have printed the short declared name (main.Order) instead.
func fixSemanticType(err error, e *typeEnv, msg string) string {
	se, ok := err.(*jsonv2.SemanticError)
	if !ok || se.GoType == nil {
		return msg
	}
	raw := se.GoType.String()
	if len(raw) <= 100 {
		return msg
	}
	abbr := se.GoType.Kind().String()
	if se.GoType.Kind() == reflect.Struct && se.GoType.Name() == "" {
		for i := range se.GoType.NumField() {
			if pkgPath := se.GoType.Field(i).PkgPath; pkgPath != "" {
				abbr = pkgPath[strings.LastIndexByte(pkgPath, '/')+1:] + ".struct"
				break
			}
		}
	}
	named := e.nameTypes(raw)
	if named == raw {
		return msg
	}
	if len(named) > 100 {
		// Named: Go prints just the kind of a long non-struct type.
		named = se.GoType.Kind().String()
	}
	return strings.Replace(msg, " Go "+abbr, " Go "+named, 1)
}
