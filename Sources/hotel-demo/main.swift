import Signals

// The hotel order demo, core bindings only: a title, two inputs combined into a summary.
// The full terminal form (two-way fields, commands, errors) arrives with the MVVM layer.

let title = Property(value: "Grand Hotel")
let name = MutableProperty<String?>(nil)
let phone = MutableProperty<String?>(nil)

let summary = MutableProperty("")
summary
  <~ name.producer.map { name -> String in
    "\(name ?? "") will stay at \(title.value)\nPhone: \(phone.value ?? "")"
  }
phone.signal.observeValues { phone in
  summary.value = "\(name.value ?? "") will stay at \(title.value)\nPhone: \(phone ?? "")"
}

summary.producer.startWithValues { print("--- summary ---\n\($0)") }
name.value = "Li Lei"
phone.value = "13812345678"
