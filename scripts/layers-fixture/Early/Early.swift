// A fixture of scripts/check-layers.sh: an earlier layer that names a type of a later one (PLANTED lines),
// and names it where that is no edge (comments, strings), which must not be reported.
struct EarlyType {
  var late: LateType?  // PLANTED
  // LateType in a comment is no edge.
  let text = "LateType in a string is no edge, nor \(String("LateType")) after an interpolation with a string"
  /* LateType in a block comment /* nested */ is no edge. */
  let raw = #"LateType in a raw string"#
}

func makesOne() -> Any { LateProtocolBox.self }  // PLANTED
