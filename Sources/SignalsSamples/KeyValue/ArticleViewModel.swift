import Signals

/// The key-value binding sample's view model (the seed's IQDataBinding demo): an article's title and content.
///
/// - Inputs and outputs: ``title`` and ``content``, which the view binds by key path and updates back.
public final class ArticleViewModel {
  /// The article's title.
  public let title: MutableProperty<String>
  /// The article's content.
  public let content: MutableProperty<String>

  /// An article.
  public init(title: String, content: String) {
    self.title = MutableProperty(title)
    self.content = MutableProperty(content)
  }
}
